-- What an order takes of a quota, or its refusal: `units` when `allowed`, else the error of SQLSTATE AP409 with the
-- refusal's message code and the field it is about (server/platform/errors.ts, refusalOf). A conditional update then
-- needs no answer read back: its refusal rolls the statement and its transaction back, so it may ride in a write
-- batch, sent with the commit.
CREATE FUNCTION units_or_refusal(allowed boolean, units integer, refusal text, field text) RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
  IF allowed THEN
    RETURN units;
  END IF;
  RAISE EXCEPTION USING ERRCODE = 'AP409', MESSAGE = refusal, DETAIL = field;
END
$$;
