// package.json lists @types/qrcode, but the shared node_modules lacks it: the one call used here.
declare module 'qrcode' {
  export function toDataURL(text: string, options?: { margin?: number; width?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): Promise<string>;
}
