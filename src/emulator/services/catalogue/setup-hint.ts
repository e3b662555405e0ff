/**
 * How the merchant sets a product up: the CLI command, then the control API route it calls.
 * @example setupHint('rec_demoSerial001', '--serials @codes.txt')
 */
export const setupHint = (productId: string, flags: string) =>
  `store emulator fulfilment set ${productId} ${flags} (PUT /_emulator/products/${productId}/fulfilment)`
