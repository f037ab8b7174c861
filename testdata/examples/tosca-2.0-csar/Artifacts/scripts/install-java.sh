#!/bin/sh
# install-java: placeholder script of the tosca-2.0-csar example.
set -eu
echo "install-java"
