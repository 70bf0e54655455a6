export function SendingTokenPage() {
  return null;
}
