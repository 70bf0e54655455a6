import { Title } from "@mantine/core";

/** Being written (issue 19). */
export function NewCampaignPage() {
  return <Title order={1}>NewCampaignPage</Title>;
}
