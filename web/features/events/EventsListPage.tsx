export function EventsListPage() {
  return null;
}
