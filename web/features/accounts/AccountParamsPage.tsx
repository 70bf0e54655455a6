export function AccountParamsPage() {
  return null;
}
