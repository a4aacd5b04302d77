import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/layout/ComingSoon';

export const Route = createFileRoute('/app')({
  component: Page,
});

function Page() {
  return (
    <ComingSoon title="Studio">
      Upload one image and get a real, textured 3D model in GLB, glTF, OBJ, FBX and print-ready STL. The
      studio opens here very soon.
    </ComingSoon>
  );
}
