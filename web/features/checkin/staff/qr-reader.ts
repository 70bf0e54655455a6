import { BarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
import zxingWasm from "zxing-wasm/reader/zxing_reader.wasm?url";

// The decoder's WebAssembly comes from our own build, never its default CDN: the offline app has no network, and a
// door's phone must not depend on a third party.
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? zxingWasm : prefix + path),
  },
});

/** A QR code reader (this module is loaded with the camera: the scan page opens without the decoder's weight). */
export const qrReader = () => new BarcodeDetector({ formats: ["qr_code"] });
