# The WebAssembly build of the browser lab as part of the native build: when emscripten is
# installed, a second CMake build of this source tree with emcmake runs into <build>/wasm and
# its page lands in <build>/wasm/site, which `flocklab lab` serves. A third one, into
# <build>/wasm-mt, builds only the threaded engine module (flocklab_core_mt: -pthread and the
# engine's thread pool) and copies it beside the single-threaded one in the package and the site.
find_program(FLOCKLAB_EMCMAKE emcmake)
set(FLOCKLAB_WASM_DIR ${PROJECT_BINARY_DIR}/wasm)
set(FLOCKLAB_WASM_MT_DIR ${PROJECT_BINARY_DIR}/wasm-mt)
if(FLOCKLAB_EMCMAKE)
  include(ExternalProject)
  # Debian's emscripten needs Debian's node modules (acorn) on NODE_PATH.
  set(env ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)
  set(wasm_options -G ${CMAKE_GENERATOR} -DCMAKE_BUILD_TYPE=Release -DFLOCKLAB_BUILD_CLI=OFF
      -DFLOCKLAB_BUILD_TESTS=OFF -DFLOCKLAB_BUILD_EXAMPLES=OFF -DFLOCKLAB_INSTALL=OFF)
  if(CMAKE_CXX_COMPILER_LAUNCHER)
    list(APPEND wasm_options -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER})
  endif()
  ExternalProject_Add(flocklab_wasm
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    BINARY_DIR ${FLOCKLAB_WASM_DIR}
    CONFIGURE_COMMAND ${env} ${FLOCKLAB_EMCMAKE} ${CMAKE_COMMAND} -S <SOURCE_DIR> -B <BINARY_DIR>
      ${wasm_options} -DFLOCKLAB_THREADS=OFF
    BUILD_COMMAND ${env} ${CMAKE_COMMAND} --build <BINARY_DIR>
    INSTALL_COMMAND ""
    BUILD_ALWAYS ON
    USES_TERMINAL_BUILD ON)
  # After the single-threaded build, whose package and site folders it copies into.
  ExternalProject_Add(flocklab_wasm_mt
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    BINARY_DIR ${FLOCKLAB_WASM_MT_DIR}
    CONFIGURE_COMMAND ${env} ${FLOCKLAB_EMCMAKE} ${CMAKE_COMMAND} -S <SOURCE_DIR> -B <BINARY_DIR>
      ${wasm_options} -DFLOCKLAB_THREADS=ON -DFLOCKLAB_WASM_COPY_TO=${FLOCKLAB_WASM_DIR}
    BUILD_COMMAND ${env} ${CMAKE_COMMAND} --build <BINARY_DIR> --target flocklab_wasm_engine
    INSTALL_COMMAND ""
    DEPENDS flocklab_wasm
    BUILD_ALWAYS ON
    USES_TERMINAL_BUILD ON)
  set(FLOCKLAB_HAVE_WASM ON)
else()
  message(STATUS "flocklab: emcmake not found; the browser lab is not built (apt-get install emscripten)")
  set(FLOCKLAB_HAVE_WASM OFF)
endif()
