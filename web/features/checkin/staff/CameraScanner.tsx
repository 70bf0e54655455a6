import { Alert, AspectRatio, Box, Loader, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadChunk } from "../../../ui/lazy-page";

/** How often a frame is decoded: fast enough to feel instant, slow enough to leave the phone's battery alone. */
const frameEveryMs = 200;
/** The same code held in front of the camera counts once, until it has been out of sight this long. */
const sameCodeQuietMs = 3000;

type CameraState = "starting" | "reading" | "unavailable";

/**
 * The back camera, reading QR codes continuously while it is shown. Each code read is handed to `onCode` once; the
 * camera stops (its light goes off) as soon as the component leaves the screen.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>("starting");
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    let last = { code: "", seenAt: 0 };
    const start = async () => {
      try {
        const [{ qrReader }, media] = await Promise.all([
          loadChunk(() => import("./qr-reader")),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        const reader = qrReader();
        setState("reading");
        let busy = false;
        timer = setInterval(async () => {
          if (busy || !video.current || video.current.readyState < 2) return;
          busy = true;
          try {
            const [found] = await reader.detect(video.current);
            const now = Date.now();
            if (found?.rawValue) {
              if (found.rawValue !== last.code || now - last.seenAt > sameCodeQuietMs) latest.current(found.rawValue);
              last = { code: found.rawValue, seenAt: now };
            }
          } finally {
            busy = false;
          }
        }, frameEveryMs);
      } catch {
        if (!stopped) setState("unavailable");
      }
    };
    void start();
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  if (state === "unavailable") {
    return (
      <Alert color="orange" title={t("checkinStaff.camera.unavailableTitle")}>
        {t("checkinStaff.camera.unavailable")}
      </Alert>
    );
  }
  return (
    <AspectRatio ratio={1} maw={360} mx="auto" w="100%">
      <Box pos="relative" bg="dark" style={{ borderRadius: "var(--mantine-radius-md)", overflow: "hidden" }}>
        <video
          ref={video}
          muted
          playsInline
          aria-label={t("checkinStaff.camera.label")}
          style={{ width: "100%", height: "100%", objectFit: "cover" }}
        />
        {state === "starting" && (
          <Box pos="absolute" inset={0} style={{ display: "grid", placeItems: "center" }}>
            <Loader color="white" aria-label={t("checkinStaff.camera.starting")} />
          </Box>
        )}
        <Text
          pos="absolute"
          bottom={0}
          left={0}
          right={0}
          ta="center"
          p="xs"
          c="white"
          bg="rgba(0, 0, 0, 0.7)"
          size="sm"
        >
          {t("checkinStaff.camera.hint")}
        </Text>
      </Box>
    </AspectRatio>
  );
}
