#!/bin/sh
# configure-nginx: placeholder script of the tosca-1.3-webapp example.
set -eu
echo "configure-nginx"
