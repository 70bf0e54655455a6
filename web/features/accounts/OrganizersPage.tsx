export function OrganizersPage() {
  return null;
}
