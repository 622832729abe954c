# The README's library example, its first ```cpp block, as a test (cmake -P):
# MODE=extract writes the block to OUT (a build step, so a README edit rebuilds the example);
# MODE=check runs EXAMPLE and requires what the block's comment says it prints ("// order 0.994").
file(READ ${README} text)
string(REGEX MATCH "```cpp\n([^`]*)```" block "${text}")
set(code "${CMAKE_MATCH_1}")
if(code STREQUAL "")
  message(FATAL_ERROR "${README} has no cpp block")
endif()
if(MODE STREQUAL "extract")
  file(WRITE ${OUT} "${code}")
  return()
endif()
string(REGEX MATCH "// (order [0-9.]+)" said "${code}")
set(expected "${CMAKE_MATCH_1}")
execute_process(COMMAND ${EXAMPLE} OUTPUT_VARIABLE printed RESULT_VARIABLE status)
if(expected STREQUAL "" OR NOT status EQUAL 0 OR NOT printed STREQUAL "${expected}\n")
  message(FATAL_ERROR "the README's example printed '${printed}' (status ${status}); its comment says '${expected}'")
endif()
