export function EventEditPage() {
  return null;
}
