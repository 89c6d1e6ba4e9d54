# Types for the compiled build of encoding.py (see setup.py); the source runs without them.
import cython


@cython.locals(totals=cython.double[128], age=cython.Py_ssize_t, buckets=tuple, bucket=cython.Py_ssize_t,
               weight=cython.double)
cpdef write_history(float[::1] out, Py_ssize_t start, list ages, float[::1] zeros)
