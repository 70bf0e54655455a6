export function ForgotPasswordSuccessPage() {
  return null;
}
