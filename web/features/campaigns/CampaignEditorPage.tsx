import { Title } from "@mantine/core";

/** Being written (issue 19). */
export function CampaignEditorPage() {
  return <Title order={1}>CampaignEditorPage</Title>;
}
