"""Implementation of the image_ref function of the tosca-2.0-k8s example."""


def image_ref(registry: str, name: str, tag: str) -> str:
    return f"{registry}/{name}:{tag}"
