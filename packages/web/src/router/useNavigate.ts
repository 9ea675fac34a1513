import { useLocation } from 'wouter';

/** The router's navigate function: `navigate(path, { replace })`. */
export const useNavigate = () => useLocation()[1];
