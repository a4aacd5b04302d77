export function LandingPage() {
  return (
    <section id="hero" className="pt-40 text-center">
      Lift3D
    </section>
  );
}
