import { Center, ContactShadows, Environment, Lightformer, OrbitControls } from '@react-three/drei';
import { Canvas, useLoader, useThree } from '@react-three/fiber';
import { Component, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import { useReducedMotion } from '../../lib/reduced-motion';

/**
 * The 3D Model viewer (React Three Fiber + drei). Loaded lazily by the studio only, so three.js never reaches
 * the landing bundle.
 *
 * notes:
 * - Lighting needs no network: the environment map is rendered once from a few Lightformer panels (a soft
 *   studio box) instead of an HDR file from a CDN; a key and a rim light add shape, ContactShadows grounds it.
 * - The engine's models arrive upright (1 unit tall, on y = 0, centred, facing +Z; the engine levels them,
 *   so nothing here tilts them); `Center top` keeps any model on the floor so the same camera frames every
 *   result.
 * - The shadow is baked once (`frames={1}`): the turntable moves the camera, not the model, so it never changes.
 * - The GLB arrives as a blob URL (downloads need the bearer token), which GLTFLoader reads like any URL.
 */

export type ViewName = 'front' | 'side' | 'back' | 'top';

const TARGET: [number, number, number] = [0, 0.5, 0];
const VIEWS: Record<ViewName, [number, number, number]> = {
  front: [0.9, 0.85, 2.3],
  side: [2.45, 0.7, 0.05],
  back: [-0.9, 0.85, -2.3],
  top: [0.01, 2.6, 0.6],
};

function Model({ url, onLoaded }: { url: string; onLoaded?: () => void }) {
  const gltf = useLoader(GLTFLoader, url, (loader) => {
    loader.setMeshoptDecoder(MeshoptDecoder);
  });
  // After the first frame with the model in the scene (the free preview's benchmark waits for this).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new model (gltf) is drawn again
  useEffect(() => {
    if (!onLoaded) return;
    const frame = requestAnimationFrame(() => onLoaded());
    return () => cancelAnimationFrame(frame);
  }, [gltf, onLoaded]);
  return (
    <Center top>
      <primitive object={gltf.scene} />
    </Center>
  );
}

function CameraRig({ view, nonce }: { view: ViewName; nonce: number }) {
  const camera = useThree((s) => s.camera);
  const controls = useThree((s) => s.controls) as OrbitControlsImpl | null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce re-applies the same view on request
  useEffect(() => {
    camera.position.set(...VIEWS[view]);
    controls?.target.set(...TARGET);
    controls?.update();
  }, [view, nonce, camera, controls]);
  return null;
}

class ViewerBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('studio: the viewer could not show the model:', error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export default function ModelViewer({
  url,
  view = 'front',
  viewNonce = 0,
  autoRotate,
  onInteract,
  onLoaded,
}: {
  url: string;
  view?: ViewName;
  viewNonce?: number;
  /** Turn on a turntable; by default unless the visitor's system asks for reduced motion. */
  autoRotate?: boolean;
  onInteract?: () => void;
  /** Called once the model is drawn. */
  onLoaded?: () => void;
}) {
  const interacted = useRef(false);
  const reducedMotion = useReducedMotion();
  const turning = autoRotate ?? !reducedMotion;
  return (
    <ViewerBoundary
      fallback={
        <div className="grid h-full place-items-center p-6 text-center text-sm text-muted-foreground">
          The model could not be displayed here, but its files are ready to download.
        </div>
      }
    >
      <Canvas
        camera={{ position: VIEWS.front, fov: 38, near: 0.05, far: 50 }}
        dpr={[1, 2]}
        // Render only on change once the turntable stops: an idle viewer costs no CPU or battery.
        frameloop={turning ? 'always' : 'demand'}
        gl={{ antialias: true, alpha: true, preserveDrawingBuffer: true }}
        data-testid="model-canvas"
      >
        <hemisphereLight args={['#ffffff', '#b9b3c9', 0.55]} />
        <directionalLight position={[2.5, 4, 3]} intensity={1.6} />
        <directionalLight position={[-3, 2, -2.5]} intensity={0.7} color="#c7d2fe" />
        <Suspense fallback={null}>
          <Model url={url} onLoaded={onLoaded} />
          <ContactShadows
            position={[0, 0, 0]}
            opacity={0.45}
            scale={3}
            blur={2.4}
            far={1.2}
            resolution={512}
            frames={1}
          />
          <Environment resolution={128} frames={1}>
            <Lightformer
              form="rect"
              intensity={2.2}
              position={[0, 3, 1]}
              rotation-x={Math.PI / 2}
              scale={[4, 2, 1]}
            />
            <Lightformer
              form="rect"
              intensity={1.2}
              position={[-3, 1, 1]}
              rotation-y={Math.PI / 2}
              scale={[3, 2, 1]}
            />
            <Lightformer
              form="rect"
              intensity={0.9}
              position={[3, 1, -1]}
              rotation-y={-Math.PI / 2}
              scale={[3, 2, 1]}
            />
            <Lightformer form="ring" intensity={0.6} color="#a78bfa" position={[0, 1, -4]} scale={2} />
          </Environment>
        </Suspense>
        <OrbitControls
          makeDefault
          target={TARGET}
          enableDamping
          minDistance={0.8}
          maxDistance={6}
          autoRotate={turning}
          autoRotateSpeed={1.2}
          onStart={() => {
            if (!interacted.current) {
              interacted.current = true;
              onInteract?.();
            }
          }}
        />
        <CameraRig view={view} nonce={viewNonce} />
      </Canvas>
    </ViewerBoundary>
  );
}
