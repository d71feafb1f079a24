# The Python package carc (docs/PYTHON.md): metadata in pyproject.toml; this file only
# hands the cffi extension (python/carc_build.py) to setuptools, and keeps setuptools'
# build files in build-py/ (build/ is CMake's).
import os

from setuptools import setup

os.makedirs("build-py", exist_ok=True)
setup(cffi_modules=["python/carc_build.py:ffibuilder"],
      options={"build": {"build_base": "build-py"}, "egg_info": {"egg_base": "build-py"}})
