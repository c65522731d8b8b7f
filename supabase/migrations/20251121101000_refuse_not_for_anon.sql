-- refuse() raises the order rules' errors. Only SECURITY DEFINER entry points and admin-only functions
-- call it, so the anon key has no use for it; it let anyone call rpc/refuse and get back an error with
-- any text they chose, in the restaurant's own format. Signed-in callers keep it (require_admin raises through it).
revoke execute on function public.refuse(text, text, text) from anon;
