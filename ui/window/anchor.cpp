// placeholder so the library has a source until the views land
namespace syncscope { int uiLibraryAnchor() { return 0; } }
