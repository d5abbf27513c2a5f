// Users of the kit get the core's types (icon model, Pixmap, renderer) with one import.
@_exported public import SVGIconCore
