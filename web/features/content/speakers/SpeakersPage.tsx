import { OrderedContentList } from "../OrderedContentList";
import { SpeakerModal } from "./SpeakerModal";
import { speakersQueries } from "./speakers.queries";

/** An event's speakers (SPEC §3 Speaker), in the order its public page shows them. */
export function SpeakersPage() {
  return (
    <OrderedContentList
      kind="speakers"
      queries={speakersQueries}
      describe={(speaker) => ({
        name: speaker.name,
        image: speaker.photo,
        details: [speaker.job, speaker.company].filter(Boolean).join(" · "),
      })}
      editor={(speaker, onClose) => <SpeakerModal key={speaker?.id ?? "new"} speaker={speaker} onClose={onClose} />}
    />
  );
}
