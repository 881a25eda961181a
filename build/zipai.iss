; Inno Setup 6 script: the Windows installer around the PyInstaller one-folder bundle (dist\zipai\, from
; build\zipai.spec). Built by .github/workflows/installers.yml:
;
;     python build\make_dist.py --bundle-only
;     ISCC.exe /DAppVersion=0.1.0 build\zipai.iss      -> dist\zipai-0.1.0-windows-x64-setup.exe
;
; Paths are relative to this file's folder. Installs per user by default (no administrator prompt); the
; /ALLUSERS command-line switch or the dialog installs for everyone. Silent install for tests:
;     zipai-...-setup.exe /VERYSILENT /SUPPRESSMSGBOXES /NORESTART /CURRENTUSER /DIR=C:\somewhere

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#define AppName "Zipai Desktop"

[Setup]
AppId={{6F3C2E7A-4B1D-4E8A-9C55-2A7D0B9E1F34}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=zipai_desktop
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\dist
OutputBaseFilename=zipai-{#AppVersion}-windows-x64-setup
SetupIconFile=..\assets\icon.ico
UninstallDisplayIcon={app}\zipai.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\dist\zipai\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\zipai.exe"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\zipai.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\zipai.exe"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
