"""1862: Railway Mania in the Eastern Counties: game model, route optimizer, money previews and game import."""
