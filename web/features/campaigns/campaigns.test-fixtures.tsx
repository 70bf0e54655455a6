import type { Campaign } from "../../../contract/campaigns-editor";
import { type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { AsMember, event, scopePath } from "../events/events.test-fixtures";
import { CampaignEditorPage } from "./CampaignEditorPage";

export const campaignPath = `${scopePath}/campaigns/c1`;

/** A draft invitation in English with only its footer. */
export const draftCampaign: Campaign = {
  id: "c1",
  name: "Spring invitation",
  type: "invitation",
  status: "draft",
  template: "classic",
  sendingAt: null,
  sentAt: null,
  recipients: 0,
  sent: 0,
  createdAt: "2026-03-01T09:00:00.000Z",
  updatedAt: "2026-03-01T09:00:00.000Z",
  fromName: "Gala",
  senderId: null,
  replyEmail: null,
  content: { en: { subject: "You are invited", previewText: "", blocks: [{ type: "footer", text: "Bye" }] } },
  attachments: [],
  languages: ["en"],
  editable: true,
};

/**
 * Opens the editor of `campaign` as an organizer. The fake server answers the senders, the previews and the campaign;
 * `answer` may answer a call first (an update, an upload's download…). Answers the recorded calls.
 */
export function openEditor(
  campaign: Campaign,
  answer: (request: FakeRequest) => FakeAnswer | undefined = () => undefined,
) {
  const calls = fakeServer((request) => {
    const answered = answer(request);
    if (answered) return answered;
    if (request.path.endsWith("/senders")) return { status: 200, body: { items: [], total: 0 } };
    if (request.path.includes("/preview/"))
      return { status: 200, body: { subject: "x", previewText: "", html: "<p>Preview</p>", text: "x" } };
    return { status: 200, body: campaign };
  });
  renderPage(
    [
      {
        path: "events/:eventId/campaigns/:campaignId",
        element: (
          <AsMember accountRole="organizer">
            <CampaignEditorPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/campaigns/c1` },
  );
  return calls;
}
