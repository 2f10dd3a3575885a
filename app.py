import streamlit as st

st.title("1862")
