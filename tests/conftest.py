"""The whole suite's shared setup.

Test files sit in one folder per part of the project (`engine/`, `tigris/`,
`client/`, `net/`, `ai/`, `kiosk/`, `cli/`); this folder is on `sys.path`
(pytest puts a root conftest's folder there), so helpers shared by several
parts, such as `positions`, are imported by name.
"""
