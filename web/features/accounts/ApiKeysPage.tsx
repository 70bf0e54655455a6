export function ApiKeysPage() {
  return null;
}
