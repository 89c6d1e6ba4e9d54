# Types for the compiled build of encoding.py (see setup.py); the source runs without them.
import cython


@cython.locals(totals=cython.double[128], age=cython.Py_ssize_t, buckets=bytes, bucket=cython.uchar,
               weight=cython.double)
cpdef write_history(float[::1] out, Py_ssize_t start, list ages, float[::1] zeros)


# a code is a byte, 0 to 255 (iterating bytes into a wider C integer gives a signed char)
@cython.locals(code=cython.uchar)
cpdef write_slots(float[::1] out, Py_ssize_t start, bytes codes, Py_ssize_t cleared, float[::1] rows,
                  float[::1] zeros)
