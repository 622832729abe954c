# The WebAssembly build of the browser lab as part of the native build: when emscripten is
# installed, a second CMake build of this source tree with emcmake runs into <build>/wasm and
# its page lands in <build>/wasm/site, which `flocklab lab` serves.
find_program(FLOCKLAB_EMCMAKE emcmake)
set(FLOCKLAB_WASM_DIR ${PROJECT_BINARY_DIR}/wasm)
if(FLOCKLAB_EMCMAKE)
  include(ExternalProject)
  # Debian's emscripten needs Debian's node modules (acorn) on NODE_PATH.
  set(env ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)
  ExternalProject_Add(flocklab_wasm
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    BINARY_DIR ${FLOCKLAB_WASM_DIR}
    CONFIGURE_COMMAND ${env} ${FLOCKLAB_EMCMAKE} ${CMAKE_COMMAND} -S <SOURCE_DIR> -B <BINARY_DIR>
      -G ${CMAKE_GENERATOR} -DCMAKE_BUILD_TYPE=Release -DFLOCKLAB_THREADS=OFF
      -DFLOCKLAB_BUILD_CLI=OFF -DFLOCKLAB_BUILD_TESTS=OFF -DFLOCKLAB_BUILD_EXAMPLES=OFF
      -DFLOCKLAB_INSTALL=OFF
    BUILD_COMMAND ${env} ${CMAKE_COMMAND} --build <BINARY_DIR>
    INSTALL_COMMAND ""
    BUILD_ALWAYS ON
    USES_TERMINAL_BUILD ON)
  set(FLOCKLAB_HAVE_WASM ON)
else()
  message(STATUS "flocklab: emcmake not found; the browser lab is not built (apt-get install emscripten)")
  set(FLOCKLAB_HAVE_WASM OFF)
endif()
