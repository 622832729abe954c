# Finds Debian's /usr/bin/python3 (the interpreter with numpy; an interpreter first on PATH may
# lack it) and pybind11. Sets FLOCKLAB_PYTHON_FOUND; without them the package is skipped with a
# message, and everything else builds as before.
if(NOT DEFINED Python_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python_EXECUTABLE /usr/bin/python3)
endif()
find_package(Python 3.9 COMPONENTS Interpreter Development.Module QUIET)
set(PYBIND11_FINDPYTHON ON)
if(Python_FOUND)
  find_package(pybind11 2.10 CONFIG QUIET)
endif()
if(Python_FOUND AND pybind11_FOUND)
  set(FLOCKLAB_PYTHON_FOUND ON)
  set(CMAKE_POSITION_INDEPENDENT_CODE ON)
else()
  set(FLOCKLAB_PYTHON_FOUND OFF)
  message(STATUS "flocklab: the Python package is not built (needs pybind11-dev and python3-dev; "
                 "scripts/setup-debian.sh installs them)")
endif()
