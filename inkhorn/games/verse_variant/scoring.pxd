# Types for the compiled build of scoring.py (see setup.py); the source runs without them.
import cython


@cython.locals(s2=cython.long, s3=cython.long, s4=cython.long, s5=cython.long, v5=cython.long, v4=cython.long,
               v3=cython.long, best=cython.long, a=cython.long, b=cython.long, c=cython.long)
cpdef long set_points(long c1, long c2, long c3, long c4, long c5)
