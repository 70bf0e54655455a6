import { useTranslation } from "react-i18next";
import { imagePurposes } from "../../../../contract/images";
import type { Photo } from "../../../../contract/photos";
import { toLanguage } from "../../../i18n/i18n";
import { useContentEvent } from "../ContentLayout";
import { FilesDropzone, useUploadQueue } from "../ContentUploads";
import { OrderedContentList } from "../OrderedContentList";
import { PhotoModal } from "./PhotoModal";
import { photosQueries } from "./photos.queries";

/**
 * An event's photo gallery (SPEC §3 Photo), in the order its public page shows it: photos dropped or chosen go up one
 * request each (JPEG, PNG or WebP, 8 MB), at the end; each shows as a thumbnail with its caption, to caption, move or
 * delete.
 */
export function PhotosPage() {
  const { t, i18n } = useTranslation();
  const event = useContentEvent();
  const upload = photosQueries.useUpload(event.id);
  const queue = useUploadQueue(imagePurposes.photo.maxBytes, (file, onProgress) => {
    const body = new FormData();
    body.set("file", file);
    return upload(body, onProgress);
  });
  // The caption in the organizer's language, else the event's first written one, else the photo's place.
  const nameOf = (photo: Photo) =>
    photo.caption[toLanguage(i18n.language)] ||
    event.languages.map((language) => photo.caption[language]).find(Boolean) ||
    t("content.photos.untitled", { number: photo.position + 1 });
  return (
    <OrderedContentList
      kind="photos"
      queries={photosQueries}
      uploader={
        <FilesDropzone
          label={t("content.photos.dropLabel")}
          hint={t("content.photos.dropHint")}
          accept="image/jpeg,image/png,image/webp"
          queue={queue}
        />
      }
      describe={(photo) => ({
        name: nameOf(photo),
        image: photo.image,
        details: photo.image ? `${photo.image.width} × ${photo.image.height}` : null,
      })}
      editor={(photo, onClose) => photo && <PhotoModal key={photo.id} photo={photo} onClose={onClose} />}
    />
  );
}
