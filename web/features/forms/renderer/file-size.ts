/** Bytes as the guest reads them ("1.2 MB", in units of 1024 as the 15 MB limit is), in the interface language. */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1024 ** 2 ? [bytes / 1024 ** 2, "megabyte"] : bytes >= 1024 ? [bytes / 1024, "kilobyte"] : [bytes, "byte"];
  return new Intl.NumberFormat(language, { style: "unit", unit, maximumFractionDigits: 1 }).format(value);
}
