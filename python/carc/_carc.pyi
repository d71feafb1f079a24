# The cffi extension compiled by python/carc_build.py: its names are those of the cdef
# there (include/carc.h's, _carc_py.h's), which a type checker cannot see.
from typing import Any

ffi: Any
lib: Any
