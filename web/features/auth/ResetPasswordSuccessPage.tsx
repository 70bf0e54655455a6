export function ResetPasswordSuccessPage() {
  return null;
}
