export function RegisterAdminPage() {
  return null;
}
