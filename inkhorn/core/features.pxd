# Types for the compiled build of features.py (see setup.py); the source runs without them.
import cython


@cython.locals(value=cython.double)
cpdef put(float[::1] out, Py_ssize_t start, object values)
