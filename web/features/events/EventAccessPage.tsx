export function EventAccessPage() {
  return null;
}
