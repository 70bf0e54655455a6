export function EventCreatePage() {
  return null;
}
