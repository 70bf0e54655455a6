import { Title } from "@mantine/core";

/** Being written (issue 19). */
export function CampaignListPage() {
  return <Title order={1}>CampaignListPage</Title>;
}
