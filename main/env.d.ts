// Module types for electron-vite's import suffixes (`?asset` and friends) used by the main bundle.
/// <reference types="electron-vite/node" />
