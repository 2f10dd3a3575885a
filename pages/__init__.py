"""Streamlit pages of the app; `app.py` registers them with st.navigation."""
