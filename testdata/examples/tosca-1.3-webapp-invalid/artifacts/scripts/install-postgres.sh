#!/bin/sh
# install-postgres: placeholder script of the tosca-1.3-webapp example.
set -eu
echo "install-postgres"
