# Types for the compiled build of encoding.py (see setup.py); the source runs without them.
import cython


cdef class SeatVector:
    cdef readonly object array
    cdef float[::1] floats
    cdef readonly object features
    cdef public bytearray codes


@cython.locals(totals=cython.double[128], age=cython.Py_ssize_t, buckets=bytes, bucket=cython.uchar,
               weight=cython.double, out=cython.float[::1])
cpdef write_history(SeatVector vector, Py_ssize_t start, list ages)


# a code is a byte, 0 to 255 (iterating bytes into a wider C integer gives a signed char)
@cython.locals(code=cython.uchar, bit=cython.int, out=cython.float[::1], before=bytearray, end=cython.Py_ssize_t,
               _=cython.Py_ssize_t)
cpdef write_slots(SeatVector vector, Py_ssize_t start, bytearray codes)


@cython.final
cdef class IdCodes:
    cdef long long[::1] pairs
    cdef Py_ssize_t mask, used

    cpdef clear(self)

    @cython.locals(pairs=cython.longlong[::1], slot=cython.Py_ssize_t, code=cython.longlong)
    cpdef long long get(self, long long key)

    @cython.locals(old=cython.longlong[::1], pairs=cython.longlong[::1], slot=cython.Py_ssize_t, i=cython.Py_ssize_t)
    cpdef void put(self, long long key, long long code) except *


@cython.locals(found=object)
cpdef hashed(dict table, str text, Py_ssize_t buckets)


@cython.locals(ages=list, found=object, codes=bytearray, slot=cython.Py_ssize_t, code=cython.longlong,
               key=cython.longlong)
cpdef write_tail_parts(SeatVector vector, Py_ssize_t start, list history, list legal, dict words,
                       IdCodes action_bits, dict hashes)
