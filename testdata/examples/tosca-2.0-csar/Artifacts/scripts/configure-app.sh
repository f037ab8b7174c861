#!/bin/sh
# configure-app: placeholder script of the tosca-2.0-csar example.
set -eu
echo "configure-app"
