export default function CartPanel() {
  return null;
}
