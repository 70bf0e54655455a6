export function RegisterSuccessPage() {
  return null;
}
