# Types for the compiled build of features.py (see setup.py); the source runs without them.
import cython


cdef class Numbers:
    cdef readonly object view
    cdef readonly float[::1] floats  # readonly: a module run from its source beside it writes through it


cpdef store(Numbers out, Py_ssize_t i, double value)


@cython.locals(whole=cython.longlong)
cpdef double number(object value) except? -1.0


@cython.locals(floats=cython.float[::1])
cpdef put(Numbers out, Py_ssize_t start, object values)


@cython.locals(floats=cython.float[::1], i=cython.Py_ssize_t)
cpdef clear(Numbers out, Py_ssize_t start, Py_ssize_t end)


@cython.locals(floats=cython.float[::1], i=cython.Py_ssize_t)
cpdef ones(Numbers out, Py_ssize_t start, object where)


@cython.locals(floats=cython.float[::1], i=cython.Py_ssize_t)
cpdef zeros(Numbers out, Py_ssize_t start, object where)


cpdef remark(Numbers out, Py_ssize_t start, object old, object new)


cpdef mark(Numbers out, Py_ssize_t start, Py_ssize_t width, object flags)


@cython.locals(old=object, k=cython.Py_ssize_t)
cpdef mark_changed(dict seen, object key, Numbers out, Py_ssize_t start, Py_ssize_t width, object flags)
