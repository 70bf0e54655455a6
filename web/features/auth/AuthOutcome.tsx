import { Button } from "@mantine/core";
import { Link } from "react-router";
import { AuthTitle } from "./AuthTitle";

/** The end of a sign-in journey: what happened, and the one way forward. */
export function AuthOutcome({ title, text, to, action }: { title: string; text: string; to: string; action: string }) {
  return (
    <>
      <AuthTitle title={title}>{text}</AuthTitle>
      <Button component={Link} to={to} fullWidth>
        {action}
      </Button>
    </>
  );
}
