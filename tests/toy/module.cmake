# The toy expansion (issue 29's proof that an expansion is one folder and one
# line): CMakeLists.txt includes this file when CARC_TEST_MODULE names this folder
# (tests/toy/run.sh configures such a build; ctest expansion_module_toy). It adds
# the module's sources to the engine and tells carc.h, the registry and the
# catalogue what the module adds: its hooks and figure, one tile kind of two
# tiles with five segments each, one figure.
file(GLOB TOY_SRC CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.c)
list(APPEND ENGINE_SRC ${TOY_SRC})
add_compile_definitions(
  CARC_TEST_MODULE=toy_hooks CARC_TEST_FIGURE=toy_torch
  CARC_TEST_TILE_ROWS="${CMAKE_CURRENT_LIST_DIR}/tiles.inc"
  CARC_TEST_KINDS=1 CARC_TEST_TILES=2 CARC_TEST_SEGMENTS=10 CARC_TEST_FIGURES=1)
