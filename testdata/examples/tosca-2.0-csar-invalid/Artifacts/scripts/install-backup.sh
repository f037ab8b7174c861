#!/bin/sh
# install-backup: placeholder script of the tosca-2.0-csar example.
set -eu
echo "install-backup"
